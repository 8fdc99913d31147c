site { }
