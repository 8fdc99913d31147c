# ERB corpus case: monit/templates/check/filesystem.erb, with plausible variables.
class corpus_case {
  $path = 'path_value'
  notice(template('monit/check/filesystem.erb'))
}
include corpus_case
