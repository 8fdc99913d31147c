case undef {
  undef: { notice('undef') }
  default: { notice('default') }
}
