# ERB corpus case: rsyslog/templates/client.conf.erb, with plausible variables.
class corpus_case {
  notice(template('rsyslog/client.conf.erb'))
}
include corpus_case
