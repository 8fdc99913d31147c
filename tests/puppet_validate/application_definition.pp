application a() { }
