# ERB corpus case: apache/templates/mod/dir.conf.erb, with plausible variables.
class corpus_case {
  $indexes = ['indexes_a', 'indexes_b']
  notice(template('apache/mod/dir.conf.erb'))
}
include corpus_case
