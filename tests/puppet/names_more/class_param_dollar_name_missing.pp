class c($) {}
