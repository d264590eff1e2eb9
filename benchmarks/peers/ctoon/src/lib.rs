// Empty: this crate only makes cargo fetch ctoon's source package (see ../Cargo.toml).
