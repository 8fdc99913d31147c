case 'abc' {
  /^x/: { notice('x') }
  /c$/: { notice("ends with c [${0}]") }
}
