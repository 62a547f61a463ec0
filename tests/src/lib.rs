//! Black-box test harness for the grove server.
