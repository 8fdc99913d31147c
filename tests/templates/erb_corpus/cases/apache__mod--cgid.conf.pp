# ERB corpus case: apache/templates/mod/cgid.conf.erb, with plausible variables.
class corpus_case {
  $cgisock_path = 'cgisock_path_value'
  notice(template('apache/mod/cgid.conf.erb'))
}
include corpus_case
