case {name => 'web01', port => 80} {
  {name => /^db/}: { notice('db') }
  {name => /^web/, port => Integer[0, 100]}: { notice('web low') }
  default: { notice('default') }
}
