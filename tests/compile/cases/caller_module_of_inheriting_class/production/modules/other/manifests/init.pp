class other {
  include m::inheriting
  include m::plain
}
