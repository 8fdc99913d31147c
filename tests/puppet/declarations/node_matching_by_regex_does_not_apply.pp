node /^no-such-host-[0-9]+$/ {
  notice('regex node')
}
node default {
  notice('default node chosen')
}
