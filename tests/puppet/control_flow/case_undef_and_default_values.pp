case undef {
  undef:   { notice('undef matches undef') }
  default: { notice('default') }
}
case default {
  default: { notice('default option') }
}
