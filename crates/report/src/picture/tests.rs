//! The SVG read back as XML: every document must parse, and hold exactly
//! the queens, blocked squares, conflicts and captions it was given.

use super::*;
use nqueens::Square;

mod property;

/// The 12 fundamental solutions of n = 8 and the size of each one's
/// class under the board's symmetries.
const FUNDAMENTAL_8: [([usize; 8], usize); 12] = [
    ([0, 4, 7, 5, 2, 6, 1, 3], 8),
    ([0, 5, 7, 2, 6, 3, 1, 4], 8),
    ([1, 3, 5, 7, 2, 0, 6, 4], 8),
    ([1, 4, 6, 0, 2, 7, 5, 3], 8),
    ([1, 4, 6, 3, 0, 7, 5, 2], 8),
    ([1, 5, 0, 6, 3, 7, 2, 4], 8),
    ([1, 5, 7, 2, 0, 3, 6, 4], 8),
    ([1, 6, 2, 5, 7, 4, 0, 3], 8),
    ([1, 6, 4, 7, 0, 3, 5, 2], 8),
    ([2, 4, 1, 7, 0, 6, 3, 5], 4),
    ([2, 4, 7, 3, 0, 6, 1, 5], 8),
    ([2, 5, 1, 4, 7, 0, 6, 3], 8),
];

/// The sheet of the 12 fundamental boards of n = 8, captioned.
fn fundamental_sheet() -> Sheet {
    let mut sheet = Sheet::new();
    for (index, (columns, class)) in FUNDAMENTAL_8.iter().enumerate() {
        let caption = format!("#{} · class of {class}", index + 1);
        let picture = Picture::from_columns(columns).with_caption(caption);
        sheet.add(&picture).unwrap();
    }
    sheet
}

fn at(row: usize, col: usize) -> Square {
    Square { row, col }
}

fn written(sheet: &Sheet) -> String {
    let mut out = Vec::new();
    sheet.write(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// The elements whose class list holds `class`.
fn with_class<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|node| {
            let classes = node.attribute("class").unwrap_or("");
            classes.split_whitespace().any(|c| c == class)
        })
        .collect()
}

pub(super) fn count(text: &str, class: &str) -> usize {
    let doc = roxmltree::Document::parse(text).expect("well-formed XML");
    with_class(&doc, class).len()
}

pub(super) fn captions(text: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(text).expect("well-formed XML");
    let nodes = with_class(&doc, "caption");
    nodes
        .iter()
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn one_board_is_one_picture_with_its_caption() {
    let svg = Picture::from_columns(&[1, 3, 0, 2])
        .with_caption("n = 4")
        .svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert!(root.attribute("viewBox").is_some() && root.attribute("width").is_some());
    assert_eq!(with_class(&doc, "queen").len(), 4);
    assert_eq!(with_class(&doc, "fixed").len(), 0);
    assert_eq!(captions(&svg), ["n = 4"]);
}

#[test]
fn each_kind_of_square_has_its_class() {
    let picture = Picture {
        n: 6,
        queens: vec![at(0, 1), at(1, 3), at(2, 5)],
        fixed: vec![at(2, 5), at(4, 2)],
        blocked: vec![at(3, 0), at(3, 1), at(5, 5)],
        conflicts: vec![(at(0, 1), at(1, 3)), (at(1, 3), at(4, 2))],
        caption: None,
    };
    let svg = picture.svg();
    // (2, 5) is both found and fixed: it is drawn once, as fixed.
    assert_eq!(count(&svg, "queen"), 4);
    assert_eq!(count(&svg, "fixed"), 2);
    assert_eq!(count(&svg, "blocked"), 3);
    assert_eq!(count(&svg, "conflict"), 2);
    assert_eq!(count(&svg, "caption"), 0);
}

#[test]
fn conflict_lines_join_the_queens_centres() {
    let picture = Picture {
        conflicts: vec![(at(0, 0), at(2, 2))],
        ..Picture::from_columns(&[0, 1, 2])
    };
    let svg = picture.svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let line = with_class(&doc, "conflict")[0];
    let coordinates: Vec<&str> = ["x1", "y1", "x2", "y2"]
        .iter()
        .map(|name| line.attribute(*name).unwrap())
        .collect();
    assert_eq!(coordinates, ["0.5", "0.5", "2.5", "2.5"]);
}

#[test]
fn squares_off_the_board_are_not_drawn() {
    let picture = Picture {
        n: 3,
        queens: vec![at(0, 0), at(3, 0), at(0, 7)],
        blocked: vec![at(9, 9)],
        conflicts: vec![(at(0, 0), at(5, 5))],
        ..Picture::default()
    };
    let svg = picture.svg();
    assert_eq!(count(&svg, "queen"), 1);
    assert_eq!(count(&svg, "blocked") + count(&svg, "conflict"), 0);
}

#[test]
fn captions_are_escaped_and_read_back() {
    let caption = r#"<b>&amp; "queens" 'n' </svg> ]]> · ♛"#;
    let svg = Picture::from_columns(&[0]).with_caption(caption).svg();
    assert!(!svg.contains("<b>"));
    assert_eq!(captions(&svg), [caption]);
}

#[test]
fn the_twelve_boards_of_eight() {
    let svg = written(&fundamental_sheet());
    assert_eq!(count(&svg, "queen"), 12 * 8);
    let texts = captions(&svg);
    assert_eq!(texts.len(), 12);
    assert_eq!(texts[0], "#1 · class of 8");
    assert_eq!(texts[9], "#10 · class of 4");
    // Four boards a row, three rows: wider than high.
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let root = doc.root_element();
    let width: f64 = root.attribute("width").unwrap().parse().unwrap();
    let height: f64 = root.attribute("height").unwrap().parse().unwrap();
    assert!(width > 4.0 * 256.0 && width < 5.0 * 256.0, "{width}");
    assert!(height > 3.0 * 256.0 && height < 4.0 * 256.0, "{height}");
}

#[test]
fn a_board_of_a_thousand_is_small() {
    let columns: Vec<usize> = (0..1000).map(|row| (row * 7) % 1000).collect();
    let svg = Picture::from_columns(&columns)
        .with_caption("n = 1000")
        .svg();
    assert!(svg.len() < 200_000, "{} bytes", svg.len());
    assert_eq!(count(&svg, "queen"), 1000);
    assert_eq!(captions(&svg), ["n = 1000"]);
    // One rect for all the squares, not a million.
    assert!(svg.matches("<rect").count() < 10);
}

#[test]
fn boards_of_one_and_of_none() {
    let one = Picture::from_columns(&[0]).svg();
    assert_eq!(count(&one, "queen"), 1);
    let none = Picture::from_columns(&[]).with_caption("n = 0").svg();
    assert_eq!(count(&none, "queen"), 0);
    assert_eq!(captions(&none), ["n = 0"]);
    let bare = Picture::default().svg();
    roxmltree::Document::parse(&bare).unwrap();
}

#[test]
fn an_empty_sheet_says_so() {
    let svg = written(&Sheet::new());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let empty = with_class(&doc, "empty");
    assert_eq!(empty.len(), 1);
    assert_eq!(empty[0].text(), Some("no boards"));
}

#[test]
fn a_thousand_and_one_boards_are_refused() {
    let mut sheet = Sheet::new();
    let picture = Picture::from_columns(&[0]);
    for _ in 0..MAX_PICTURES {
        sheet.add(&picture).unwrap();
    }
    let error = sheet.add(&picture).unwrap_err();
    assert_eq!(
        error.to_string(),
        "an SVG draws at most 1000 boards: ask for fewer (e.g. --limit 1000 or --unique)"
    );
    assert_eq!(sheet.len(), MAX_PICTURES);
    assert_eq!(count(&written(&sheet), "queen"), MAX_PICTURES);
}

#[test]
fn boards_of_different_sizes_share_a_sheet() {
    let mut sheet = Sheet::new();
    for n in [1, 4, 8, 20, 100] {
        let columns: Vec<usize> = (0..n).collect();
        sheet.add(&Picture::from_columns(&columns)).unwrap();
    }
    let svg = written(&sheet);
    assert_eq!(count(&svg, "queen"), 1 + 4 + 8 + 20 + 100);
    assert_eq!(count(&svg, "caption"), 0);
}
