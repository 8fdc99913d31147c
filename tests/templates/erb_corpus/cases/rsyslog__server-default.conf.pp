# ERB corpus case: rsyslog/templates/server-default.conf.erb, with plausible variables.
class corpus_case {
  notice(template('rsyslog/server-default.conf.erb'))
}
include corpus_case
