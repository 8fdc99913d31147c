# ERB corpus case: monit/templates/check/program.erb, with plausible variables.
class corpus_case {
  $path = 'path_value'
  notice(template('monit/check/program.erb'))
}
include corpus_case
