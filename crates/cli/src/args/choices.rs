//! Options whose values are a fixed set of names (`--format`, `--method`,
//! `--algorithm`, `--device`): each is parsed by its own function, whose
//! refusal says what is allowed, and offers its names to clap, so that
//! shell completion completes them (`nqueens completions`); help lists
//! them in the option's own words.

use clap::builder::{PossibleValue, TypedValueParser};
use std::ffi::OsStr;

/// A parser of one of `names`, by `parse`.
#[derive(Clone)]
pub struct Choices<T> {
    parse: fn(&str) -> Result<T, String>,
    names: Vec<&'static str>,
}

impl<T> Choices<T> {
    /// The value parsed by `parse`, whose names are `names`.
    pub fn new(
        parse: fn(&str) -> Result<T, String>,
        names: impl IntoIterator<Item = &'static str>,
    ) -> Self {
        let names = names.into_iter().collect();
        Choices { parse, names }
    }
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Choices<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        // The function's own parse: the same refusal as before completion
        // knew the names.
        self.parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.names.iter().map(PossibleValue::new)))
    }
}
