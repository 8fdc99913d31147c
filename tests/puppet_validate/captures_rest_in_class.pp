class c(*$a) {}
