//! Lines against the danger set and the shells: the corpora and their
//! rates, differential execution under real shells, each grammar's
//! readings, and the layering of the code that reads them.
#![allow(clippy::disallowed_methods, clippy::unwrap_used, clippy::expect_used)] // test code: plain files, and a failure is a panic

use askrisky_testkit as common;

mod corpus;
mod differential;
mod grammars;
mod layers;
mod shells;
