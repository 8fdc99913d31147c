# ERB corpus case: monit/templates/check/system.erb, with plausible variables.
class corpus_case {
  notice(template('monit/check/system.erb'))
}
include corpus_case
