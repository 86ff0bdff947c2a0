"""The game protocol, sans-I/O: messages, the log, the table state machine, the harness."""
