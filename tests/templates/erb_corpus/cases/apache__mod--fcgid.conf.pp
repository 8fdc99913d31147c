# ERB corpus case: apache/templates/mod/fcgid.conf.erb, with plausible variables.
class corpus_case {
  $options = ['options_a', 'options_b']
  notice(template('apache/mod/fcgid.conf.erb'))
}
include corpus_case
