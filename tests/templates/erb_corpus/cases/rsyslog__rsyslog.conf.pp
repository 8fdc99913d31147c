# ERB corpus case: rsyslog/templates/rsyslog.conf.erb, with plausible variables.
class corpus_case {
  $modules = ['modules_a', 'modules_b']
  notice(template('rsyslog/rsyslog.conf.erb'))
}
include corpus_case
