# ERB corpus case: apache/templates/vhost/_redirect.erb, with plausible variables.
class corpus_case {
  $redirect_dest = ['redirect_dest_a', 'redirect_dest_b']
  $redirect_source = ['redirect_source_a', 'redirect_source_b']
  $redirect_status = ['redirect_status_a', 'redirect_status_b']
  $redirectmatch_dest = ['redirectmatch_dest_a', 'redirectmatch_dest_b']
  $redirectmatch_regexp = ['redirectmatch_regexp_a', 'redirectmatch_regexp_b']
  $redirectmatch_status = ['redirectmatch_status_a', 'redirectmatch_status_b']
  notice(template('apache/vhost/_redirect.erb'))
}
include corpus_case
