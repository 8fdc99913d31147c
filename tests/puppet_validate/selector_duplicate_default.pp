$x = 1 ? {
  default => 1,
  2 => 2,
  default => 3,
}
