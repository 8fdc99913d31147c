class c($name) {}
class c {}
