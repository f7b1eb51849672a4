//! Tests of reading boards back: what the writers write reads back, in
//! every format, with the default and custom glyphs, and the layouts
//! (blank lines, CRLF, empty input) each format allows.

use super::*;
use crate::format::{writer, Board, Format};
use nqueens::{solve, BoardSize, Glyph, Glyphs, Solution, Square};

mod detect;
mod fen;
mod fields;
mod glyphs;
mod problems;
mod property;

const FORMATS: [(Format, InputFormat); 4] = [
    (Format::Boards, InputFormat::Boards),
    (Format::Json, InputFormat::Json),
    (Format::Columns, InputFormat::Columns),
    (Format::Ndjson, InputFormat::Ndjson),
];

fn solutions(n: usize) -> Vec<Solution> {
    let mut all: Vec<Solution> = Vec::new();
    solve(BoardSize::new(n).unwrap(), &mut all).unwrap();
    all
}

/// What `solve --format` prints for `solutions`.
fn written(format: Format, glyphs: &Glyphs, solutions: &[Solution]) -> String {
    let mut out = Vec::new();
    let mut writer = writer(format, glyphs.clone());
    writer.begin(&mut out).unwrap();
    for (index, solution) in solutions.iter().enumerate() {
        let board = Board {
            solution,
            index: index as u64,
            class_size: None,
        };
        writer.solution(&mut out, board).unwrap();
    }
    writer.finish(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn queens_of(solution: &Solution) -> Vec<Square> {
    let columns = solution.columns().iter().map(|&c| c as usize);
    columns
        .enumerate()
        .map(|(row, col)| Square { row, col })
        .collect()
}

/// Every item, errors included, with no glyphs named.
pub(super) fn read(input: &str, format: Option<InputFormat>) -> Vec<Result<Entry, ReadError>> {
    BoardReader::new(input.as_bytes(), format, None).collect()
}

/// Every board, which must all read.
pub(super) fn boards(input: &str, format: Option<InputFormat>) -> Vec<Entry> {
    read(input, format)
        .into_iter()
        .map(Result::unwrap)
        .collect()
}

fn glyphs(queen: &str, empty: &str) -> Glyphs {
    Glyphs::new(Glyph::new(queen).unwrap(), Glyph::new(empty).unwrap()).unwrap()
}

/// The line board `index` of `n` starts on, as the writer lays it out.
fn start_line(format: InputFormat, n: usize, index: usize) -> u64 {
    match format {
        InputFormat::Boards => (index * (n + 1) + 1) as u64,
        InputFormat::Json => 1,
        InputFormat::Columns | InputFormat::Ndjson | InputFormat::Fen => index as u64 + 1,
    }
}

fn assert_round_trip(glyphs: &Glyphs, named: Option<(String, String)>, n: usize) {
    let all = solutions(n);
    for (format, input_format) in FORMATS {
        let text = written(format, glyphs, &all);
        for given in [None, Some(input_format)] {
            let reader = BoardReader::new(text.as_bytes(), given, named.clone());
            let read: Vec<Entry> = reader.map(Result::unwrap).collect();
            assert_eq!(read.len(), all.len(), "{format:?} n = {n}");
            for (index, (entry, solution)) in read.iter().zip(&all).enumerate() {
                assert_eq!(entry.index, index as u64);
                assert_eq!(entry.n, n);
                assert_eq!(entry.queens, queens_of(solution), "{format:?} {index}");
                assert_eq!(entry.problems, [], "{format:?} {index}");
                assert_eq!(entry.line, start_line(input_format, n, index));
                assert_eq!(entry.rows_on_lines, input_format == InputFormat::Boards);
            }
        }
    }
}

#[test]
fn every_format_reads_back_what_solve_writes() {
    for n in [1, 4, 5, 6, 8] {
        assert_round_trip(&Glyphs::default(), None, n);
    }
}

#[test]
fn custom_glyphs_read_back_whether_named_or_learned() {
    let styles = [
        ("♛", "·"),
        ("👑", "⬜"),
        ("👩\u{200d}👩\u{200d}👧", "⬜"),
        ("\"", "\\"),
    ];
    for (queen, empty) in styles {
        let named = Some((queen.to_string(), empty.to_string()));
        for n in [4, 6] {
            assert_round_trip(&glyphs(queen, empty), None, n);
            assert_round_trip(&glyphs(queen, empty), named.clone(), n);
        }
    }
    // Glyphs drawn the other way round from habit: counting decides. (Named
    // digits would read columns as drawn rows.)
    for (queen, empty) in [("-", "x"), ("0", "1"), ("_", "q"), ("q", "♛")] {
        for n in [4, 5, 6] {
            assert_round_trip(&glyphs(queen, empty), None, n);
        }
    }
}

#[test]
fn the_format_is_detected_from_the_first_byte_after_whitespace() {
    let cases = [
        ("\n  [[\"Q\"]]", InputFormat::Json),
        ("{\"columns\":[0]}", InputFormat::Ndjson),
        ("\n\n0\n", InputFormat::Columns),
        ("Q\n", InputFormat::Boards),
        ("\u{feff}.Q..\n", InputFormat::Boards),
    ];
    for (input, format) in cases {
        let mut reader = BoardReader::new(input.as_bytes(), None, None);
        assert_eq!(reader.format(), None);
        assert!(reader.next().unwrap().is_ok(), "{input:?}");
        assert_eq!(reader.format(), Some(format), "{input:?}");
    }
}

#[test]
fn format_names_parse_and_print() {
    for format in FORMATS
        .map(|(_, format)| format)
        .into_iter()
        .chain([InputFormat::Fen])
    {
        assert_eq!(format.to_string().parse::<InputFormat>(), Ok(format));
    }
    let error = "the input format must be one of boards, json, columns, ndjson, fen";
    assert_eq!("text".parse::<InputFormat>(), Err(error.to_string()));
}

#[test]
fn empty_input_holds_no_boards_in_any_format() {
    for input in ["", "  \n\n\t\r\n", "\u{feff}"] {
        assert_eq!(read(input, None), [], "{input:?}");
        for (_, format) in FORMATS {
            assert_eq!(read(input, Some(format)), [], "{input:?} {format:?}");
        }
    }
}

#[test]
fn crlf_line_ends_and_trailing_spaces_are_ignored() {
    let cases = [
        ".Q.. \r\n...Q\r\nQ...\t\r\n..Q.\r\n",
        "[\r\n [\".Q..\",\"...Q\",\r\n  \"Q...\",\"..Q.\"]\r\n]\r\n",
        "1 3 0 2 \r\n",
        "{\"columns\":[1,3,0,2]}\r\n",
    ];
    let expected = queens_of(&Solution::from_columns(vec![1, 3, 0, 2]));
    for input in cases {
        let read = boards(input, None);
        assert_eq!(read.len(), 1, "{input:?}");
        assert_eq!((read[0].n, &read[0].queens), (4, &expected), "{input:?}");
        assert_eq!(read[0].problems, [], "{input:?}");
    }
}

#[test]
fn runs_of_blank_lines_separate_boards_and_lines_count_them() {
    let input = "\n \n.Q..\n...Q\nQ...\n..Q.\n\n  \n\n..Q.\nQ...\n...Q\n.Q..\n\n\n";
    let read = boards(input, None);
    assert_eq!(read.len(), 2);
    assert_eq!((read[0].line, read[1].line), (3, 10));
    assert_eq!(read[1].line_of_row(3), 13);
    assert_eq!(read[1].queens[0], Square { row: 0, col: 2 });
    let columns = boards("\n1 3 0 2\n\n\n2 0 3 1", None);
    assert_eq!((columns[0].line, columns[1].line), (2, 5));
    assert_eq!(columns[1].line_of_row(3), 5);
}

#[test]
fn columns_may_be_separated_by_commas_and_tabs() {
    let read = boards("1, 3,0\t2\n", Some(InputFormat::Columns));
    assert_eq!(
        read[0].queens,
        queens_of(&Solution::from_columns(vec![1, 3, 0, 2]))
    );
}

#[test]
fn whitespace_between_squares_is_not_a_square() {
    let read = boards(". Q . .\n. . . Q\nQ . . .\n. . Q .\n", None);
    assert_eq!((read[0].n, read[0].problems.len()), (4, 0));
    assert_eq!(read[0].queens[1], Square { row: 1, col: 3 });
}

#[test]
fn json_reads_a_single_board_and_concatenated_lists() {
    let single = boards("[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]", None);
    assert_eq!((single.len(), single[0].n), (1, 4));
    let two = boards("[[\"Q\"]]\n[]\n[[\"Q\"]]\n", None);
    assert_eq!((two.len(), two[1].index, two[1].line), (2, 1, 3));
    assert_eq!(boards("[]", None), []);
}

#[test]
fn ndjson_reads_board_when_columns_are_absent_and_ignores_other_fields() {
    let input =
        "{\"n\":4,\"index\":0,\"board\":[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],\"class_size\":8}\n";
    let read = boards(input, None);
    assert_eq!(
        read[0].queens,
        queens_of(&Solution::from_columns(vec![1, 3, 0, 2]))
    );
    assert_eq!(read[0].problems, []);
}

#[test]
fn a_tiny_read_buffer_reads_the_same() {
    let all = solutions(6);
    for style in [Glyphs::default(), glyphs("\"", "\\"), glyphs("👑", "⬜")] {
        for (format, _) in FORMATS {
            let text = format!("\u{feff}{}", written(format, &style, &all));
            let whole: Vec<_> = BoardReader::new(text.as_bytes(), None, None).collect();
            let tiny = std::io::BufReader::with_capacity(3, text.as_bytes());
            let pieces: Vec<_> = BoardReader::new(tiny, None, None).collect();
            assert_eq!(whole.len(), all.len(), "{format:?}");
            assert_eq!(pieces, whole, "{format:?}");
        }
    }
}
