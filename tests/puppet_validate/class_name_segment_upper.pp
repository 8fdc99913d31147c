class a::b::c {}
class a::B {}
