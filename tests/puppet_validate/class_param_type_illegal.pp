class c(1 $x) {}
