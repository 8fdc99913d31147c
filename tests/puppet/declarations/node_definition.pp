node default {
  notice('in default node')
}
notice('main body')
