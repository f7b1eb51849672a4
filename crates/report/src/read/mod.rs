//! Reading boards back: every output format of the tool, streamed.
