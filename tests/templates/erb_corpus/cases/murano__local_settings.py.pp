# ERB corpus case: murano/templates/local_settings.py.erb, with plausible variables.
class corpus_case {
  $client_debug_level = 'client_debug_level_value'
  $dashboard_debug_level = 'dashboard_debug_level_value'
  $dashboard_name = 'dashboard_name_value'
  $enable_glare = 'enable_glare_value'
  $image_filter_project_id = 'image_filter_project_id_value'
  $log_handler = 'log_handler_value'
  $max_file_size = 'max_file_size_value'
  $metadata_dir = 'metadata_dir_value'
  $repo_url = 'repo_url_value'
  notice(template('murano/local_settings.py.erb'))
}
include corpus_case
