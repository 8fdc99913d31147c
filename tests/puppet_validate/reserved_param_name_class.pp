class c($name) {}
