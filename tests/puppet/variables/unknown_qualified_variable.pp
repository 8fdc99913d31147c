notice($nonexistent::thing)
