$x = class c {}
