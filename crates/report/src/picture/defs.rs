//! What every document declares once and every board reuses: the colours
//! (one `<style>` keyed on the class names the tests and callers look
//! for) and the shapes (`<defs>`), so that a board costs one `<rect>` and
//! one `<use>` per queen however large it is.
//!
//! Shapes are drawn in a 1 × 1 box, one board square: a board's group is
//! scaled so that a square is one user unit, and a `<use>` at `x = col`,
//! `y = row` puts the shape on its square.

/// The light squares (the top-left square is light, as a8 is in chess).
const LIGHT: &str = "#f0d9b5";
/// The dark squares.
const DARK: &str = "#b58863";

/// Colours by class. `fill` and `stroke` set on a `<use>` reach the
/// shape it copies, so one crown serves both kinds of queen.
const STYLE: &str = "<style>\
.queen{fill:#1f1f1f;stroke:#fff}\
.queen.fixed{fill:#1565c0}\
.dots .queen{stroke:#1f1f1f}\
.dots .fixed{stroke:#1565c0}\
.conflict{stroke:#d50000;stroke-linecap:round;stroke-opacity:.85}\
.frame{fill:none;stroke:#6b4f36}\
.caption{font-family:sans-serif;font-size:14px;fill:#222;text-anchor:middle}\
.empty{font-family:sans-serif;font-size:14px;fill:#666}\
</style>";

/// The shapes:
/// - `ck`, the checkerboard as a 2 × 2 tile, so a board of any size is one
///   `<rect>` rather than n² of them;
/// - `q`, a crown with three balls on its points, for squares large
///   enough to show it;
/// - `d`, the whole square, for the queens of large boards, where a crown
///   would be a smudge a fraction of a pixel wide; the board's group of
///   them (`class="dots"`) sets an outline in the queen's own colour
///   wide enough to keep each visible;
/// - `b`, a blocked square: grey with a white ×.
fn shapes() -> String {
    format!(
        "<defs>\
<pattern id=\"ck\" width=\"2\" height=\"2\" patternUnits=\"userSpaceOnUse\">\
<rect width=\"2\" height=\"2\" fill=\"{LIGHT}\"/>\
<path d=\"M1 0h1v1H1zM0 1h1v1H0z\" fill=\"{DARK}\"/></pattern>\
<path id=\"q\" stroke-width=\".03\" stroke-linejoin=\"round\" d=\"{CROWN}\"/>\
<rect id=\"d\" width=\"1\" height=\"1\"/>\
<g id=\"b\"><rect width=\"1\" height=\"1\" fill=\"#9e9e9e\"/>\
<path d=\"M.28 .28L.72 .72M.72 .28L.28 .72\" stroke=\"#fff\" \
stroke-width=\".09\" stroke-linecap=\"round\"/></g>\
</defs>"
    )
}

/// The crown: a body with five points, balls on the outer and middle
/// points, and a base bar under it.
const CROWN: &str = "M.22 .8L.14 .36L.34 .56L.5 .26L.66 .56L.86 .36L.78 .8Z\
M.08 .3a.06 .06 0 1 0 .12 0a.06 .06 0 1 0-.12 0Z\
M.44 .2a.06 .06 0 1 0 .12 0a.06 .06 0 1 0-.12 0Z\
M.8 .3a.06 .06 0 1 0 .12 0a.06 .06 0 1 0-.12 0Z\
M.22 .84h.56v.08h-.56Z";

/// The document's opening: the XML declaration, the `<svg>` element of
/// `width` × `height` pixels (its viewBox the same, so one user unit is
/// one pixel), a white background for viewers with dark themes, the
/// style and the shapes.
pub(crate) fn head(width: &str, height: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
width=\"{width}\" height=\"{height}\">\n{STYLE}\n{}\n\
<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n",
        shapes()
    )
}

/// The document's closing tag.
pub(crate) const TAIL: &str = "</svg>\n";
