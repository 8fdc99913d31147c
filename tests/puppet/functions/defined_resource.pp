notice(defined(Resource))
