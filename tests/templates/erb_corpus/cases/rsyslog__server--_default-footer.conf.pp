# ERB corpus case: rsyslog/templates/server/_default-footer.conf.erb, with plausible variables.
class corpus_case {
  notice(template('rsyslog/server/_default-footer.conf.erb'))
}
include corpus_case
