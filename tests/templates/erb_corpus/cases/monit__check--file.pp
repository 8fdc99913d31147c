# ERB corpus case: monit/templates/check/file.erb, with plausible variables.
class corpus_case {
  $path = 'path_value'
  notice(template('monit/check/file.erb'))
}
include corpus_case
