import "x.pp"
