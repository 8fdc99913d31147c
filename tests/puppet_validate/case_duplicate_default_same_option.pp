case 1 {
  1, default, default: {}
}
