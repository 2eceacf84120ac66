// Async boundary: shared federation modules are negotiated before the app's code runs.
import('./bootstrap');
