//! Boards as pictures: SVG (one board or a captioned grid) and chess FEN.
