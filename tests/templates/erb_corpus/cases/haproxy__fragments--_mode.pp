# ERB corpus case: haproxy/templates/fragments/_mode.erb, with plausible variables.
class corpus_case {
  $mode = 'mode_value'
  notice(template('haproxy/fragments/_mode.erb'))
}
include corpus_case
