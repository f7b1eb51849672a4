//! `POST /api/verify`: a board, as rows of `.` and `Q` or as one column
//! per row, checked: every attacking pair with its line, and the rows
//! left empty.

use crate::body::read_json;
use crate::error::ApiError;
use crate::params::{Params, Query};
use crate::AppState;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Request, State};
use axum::Json;
use nqueens::constraint::verify as check;
use nqueens::Square;
use nqueens_report::constraint::VerifyReport;
use serde::Deserialize;

/// What the body must be, in the words of an error.
const SHAPE: &str = r#"{"board": [rows of '.' and 'Q']} or {"columns": [one column per row]}"#;

/// `{"board": [".Q..", ...]}` or `{"columns": [1, 3, 0, 2]}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Board {
    board: Option<Vec<String>>,
    columns: Option<Vec<u64>>,
}

pub(crate) async fn verify(
    State(state): State<AppState>,
    query: Result<Query, QueryRejection>,
    request: Request,
) -> Result<Json<VerifyReport>, ApiError> {
    Params::new(query, &[])?;
    let limits = &state.limits;
    let board: Board = read_json(request, limits, SHAPE).await?;
    let (n, queens) = match (board.board, board.columns) {
        (Some(rows), None) => from_rows(&rows, limits.board_max_n)?,
        (None, Some(columns)) => from_columns(&columns, limits.board_max_n)?,
        _ => {
            return Err(ApiError::unprocessable(
                "give the board as exactly one of \"board\" (rows of '.' and 'Q') \
                 or \"columns\" (one column per row)",
            ))
        }
    };
    let verdict = check(n, &queens).map_err(|err| ApiError::unprocessable(err.to_string()))?;
    Ok(Json(VerifyReport::from(&verdict)))
}

fn too_wide(n: usize, max: usize) -> ApiError {
    ApiError::over_limit(format!(
        "the board is {n} wide: this server checks boards up to {max} wide"
    ))
}

/// Queens from rows of `.` and `Q`: as many columns as rows.
fn from_rows(rows: &[String], max: usize) -> Result<(usize, Vec<Square>), ApiError> {
    let n = rows.len();
    if n > max {
        return Err(too_wide(n, max));
    }
    let mut queens = Vec::new();
    for (row, text) in rows.iter().enumerate() {
        let squares: Vec<char> = text.chars().collect();
        if squares.len() != n {
            return Err(ApiError::unprocessable(format!(
                "row {row} has {}: a board of {} needs {n} in every row",
                nqueens::plural(squares.len(), "square"),
                nqueens::plural(n, "row")
            )));
        }
        for (col, square) in squares.into_iter().enumerate() {
            match square {
                'Q' => queens.push(Square { row, col }),
                '.' => {}
                other => {
                    return Err(ApiError::unprocessable(format!(
                        "row {row}, col {col} is {:?}: a board uses '.' for an empty square \
                         and 'Q' for a queen",
                        other
                    )))
                }
            }
        }
    }
    Ok((n, queens))
}

/// Queens from one column per row.
fn from_columns(columns: &[u64], max: usize) -> Result<(usize, Vec<Square>), ApiError> {
    let n = columns.len();
    if n > max {
        return Err(too_wide(n, max));
    }
    let mut queens = Vec::with_capacity(n);
    for (row, &col) in columns.iter().enumerate() {
        if col >= n as u64 {
            return Err(ApiError::unprocessable(format!(
                "columns[{row}] = {col} is off the board: columns run from 0 to {}",
                n.saturating_sub(1)
            )));
        }
        queens.push(Square {
            row,
            col: col as usize,
        });
    }
    Ok((n, queens))
}
