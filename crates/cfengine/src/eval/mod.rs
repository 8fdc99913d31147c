//! The second phase: a parsed policy evaluated as cf-agent evaluates it. The
//! evaluation context (variables, classes, the bundle stack), scalar
//! expansion, the iteration over lists in a promise, the promise types
//! confer evaluates (`vars`, `classes`, `methods`, `reports`), the agent's
//! passes over a bundle, and the drivers behind `run`, `validate` and the
//! `--show-vars`/`--show-classes` tables.

pub mod abort;
pub mod agent;
pub mod agent_state;
pub mod augments;
pub mod banner;
pub mod body_attributes;
pub(crate) mod bundle_stack;
pub(crate) mod cfengine_command;
pub mod classes_body;
pub mod cmdb;
pub(crate) mod command_host;
pub(crate) mod commands;
pub(crate) mod common_promises;
pub mod context;
pub mod control;
pub mod defaults;
pub mod defined;
pub mod expand;
pub mod final_state;
pub mod frames;
mod function_host;
pub mod halt;
pub mod iteration;
pub mod logged;
pub mod message;
pub mod options;
pub mod outcome;
pub(crate) mod printfile;
pub mod promise;
pub mod run;
pub mod run_settings;
pub mod show;
pub(crate) mod subagent;
pub mod var_table;
pub mod verify_vars;
