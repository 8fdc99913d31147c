# ERB corpus case: keystone/templates/mellon.conf.erb, with plausible variables.
class corpus_case {
  $enable_websso = 'enable_websso_value'
  notice(template('keystone/mellon.conf.erb'))
}
include corpus_case
