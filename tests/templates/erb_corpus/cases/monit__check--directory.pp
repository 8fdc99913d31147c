# ERB corpus case: monit/templates/check/directory.erb, with plausible variables.
class corpus_case {
  $path = 'path_value'
  notice(template('monit/check/directory.erb'))
}
include corpus_case
