# ERB corpus case: rsyslog/templates/server-hostname.conf.erb, with plausible variables.
class corpus_case {
  notice(template('rsyslog/server-hostname.conf.erb'))
}
include corpus_case
