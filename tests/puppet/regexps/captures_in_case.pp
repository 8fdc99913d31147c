case 'banana' {
  /b(an)+a/: { notice("case: ${0} ${1}") }
  default: { notice('none') }
}
notice("<${1}>")
