# ERB corpus case: monit/templates/check/fifo.erb, with plausible variables.
class corpus_case {
  $path = 'path_value'
  notice(template('monit/check/fifo.erb'))
}
include corpus_case
