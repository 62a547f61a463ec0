//! The grove server as a library: everything the `grove` binary runs.
